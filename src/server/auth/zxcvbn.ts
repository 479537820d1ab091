/**
 * zxcvbn with the common and English dictionaries, as the browser's strength meter uses. The
 * dictionaries (about 1.6 MB of code, tens of MB once loaded) are imported on the first password
 * check, not when the server starts.
 */
export async function createZxcvbn() {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
}
