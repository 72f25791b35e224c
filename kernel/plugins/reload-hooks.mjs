// Node module hooks for plugin hot reload: a module imported with ?nexus-gen=N passes N on to the files it imports from the
// same plugins folder, so a reload evaluates the whole plugin afresh while kernel and shared modules stay single instances.
let pluginsRoot = '';

export async function initialize(data) {
  pluginsRoot = data.pluginsRootUrl;
}

function generationOf(specifier, parentURL) {
  if (specifier.includes('nexus-gen=')) return new URL(specifier, parentURL ?? 'file:///').searchParams.get('nexus-gen');
  return parentURL ? new URL(parentURL).searchParams.get('nexus-gen') : null;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (!pluginsRoot || !result.url.startsWith(pluginsRoot) || result.url.includes('/node_modules/')) return result;
  const gen = generationOf(specifier, context.parentURL);
  if (gen === null) return result;
  const url = new URL(result.url);
  url.searchParams.set('nexus-gen', gen);
  return { ...result, url: url.href };
}
