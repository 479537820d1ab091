import { zxcvbnOptionsFrom } from '../../shared/password-policy';

/**
 * zxcvbn with the common and English dictionaries and the browser's strength meter's options. The
 * dictionaries (about 1.6 MB of code, tens of MB once loaded) are imported on the first password
 * check, not when the server starts.
 */
export async function createZxcvbn() {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory(zxcvbnOptionsFrom({ common, en }));
}
