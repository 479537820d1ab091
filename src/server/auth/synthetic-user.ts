/**
 * Sign-up for a registered address answers with a made-up new user (nothing is created). Our
 * plugins' fields must read exactly as on a real new account, or the answer tells them apart.
 */
export function syntheticNewUser({
  coreFields,
  additionalFields,
  id,
}: {
  coreFields: Record<string, unknown>;
  additionalFields: Record<string, unknown>;
  id: string;
}): Record<string, unknown> {
  return {
    ...coreFields,
    role: 'user',
    banned: false,
    banReason: null,
    banExpires: null,
    username: null,
    displayUsername: null,
    phoneNumber: null,
    phoneNumberVerified: false,
    ...additionalFields,
    id,
  };
}
