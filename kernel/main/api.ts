// Entry point of the REST API process (port 8000).
import { createKernel } from '../boot/create-kernel.ts';
import { createApiServer } from '../http/create-api-server.ts';
import { runProcess } from '../../shared/process/run-process.ts';

await runProcess('api', async () => {
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
