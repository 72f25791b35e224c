// Entry point of the REST API process (port 8000); the application is imported after tracing started (see runProcess).
import { runProcess } from '../../shared/process/run-process.ts';

await runProcess('api', async () => {
  const { createKernel } = await import('../boot/create-kernel.ts');
  const { createApiServer } = await import('../http/create-api-server.ts');
  const kernel = await createKernel({ process: 'api' });
  const server = await createApiServer(kernel);
  const url = await server.listen();
  kernel.logger.info({ url }, 'API listening');
  return {
    close: async () => {
      await server.close();
      await kernel.close();
    },
  };
});
