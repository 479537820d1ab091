import { e164PhoneSchema } from '../../../shared/accounts';

export type PhoneCheck = { ok: true; phone: string; display: string } | { ok: false; message: string };

/** Lets people type spaces, dashes and brackets; the number itself must be in E.164 form. */
export function compactPhone(raw: string): string {
  return raw.trim().replace(/[\s().-]/g, '');
}

export function loadPhoneLibrary() {
  return import('libphonenumber-js/min');
}

/**
 * The shared E.164 rule first, then libphonenumber's check of the country code and length
 * (its small metadata: it never refuses a number the server's full check would take).
 */
export async function checkPhoneNumber(raw: string): Promise<PhoneCheck> {
  const parsed = e164PhoneSchema.safeParse(compactPhone(raw));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the number.' };
  try {
    const { parsePhoneNumberFromString } = await loadPhoneLibrary();
    const number = parsePhoneNumberFromString(parsed.data);
    if (!number?.isValid()) {
      return { ok: false, message: 'That number does not look right. Check the country code and the number.' };
    }
    return { ok: true, phone: number.number, display: number.formatInternational() };
  } catch {
    // Without the library the server's check is the only one: that is enough.
    return { ok: true, phone: parsed.data, display: parsed.data };
  }
}
