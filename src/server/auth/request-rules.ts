import { APIError } from 'better-auth/api';
import { displayNameSchema } from '../../shared/accounts';

// Rules our accounts keep that Better Auth's endpoints do not: checked before Better Auth
// (and its plugins) see the request.

/** Endpoints that would write profile or session fields around our own rules. */
const refusedPaths: Record<string, string> = {
  '/update-user': 'Your name and picture are changed with PUT /api/me/profile.',
  '/update-session': 'Sessions cannot be changed here.',
};

/** What sign-up may set; a picture, username or role come later, through our own endpoints. */
const signUpFields = new Set(['name', 'email', 'password', 'callbackURL', 'rememberMe']);

const invalid = (code: string, message: string) => new APIError('BAD_REQUEST', { code, message });

function checkName(name: unknown) {
  const parsed = displayNameSchema.safeParse(name);
  if (!parsed.success) throw invalid('INVALID_NAME', parsed.error.issues[0]?.message ?? 'Enter your name');
}

function checkSignUp(body: Record<string, unknown>) {
  const extra = Object.keys(body).filter((field) => !signUpFields.has(field));
  if (extra.length > 0) {
    throw invalid(
      'UNKNOWN_FIELD',
      `Sign-up takes a name, an e-mail address and a password, not ${extra.join(', ')}. Add a picture once you are signed in.`,
    );
  }
  checkName(body.name);
}

/** Throws a 4xx for a request our rules refuse; returns for everything else. */
export function checkAccountRequest(path: string, body: unknown): void {
  const refusal = refusedPaths[path];
  if (refusal) throw new APIError('NOT_FOUND', { code: 'NOT_OFFERED', message: refusal });
  if (body === undefined) return;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('INVALID_BODY', 'The request body must be a JSON object.');
  }
  const fields = body as Record<string, unknown>;
  if (path === '/sign-up/email') checkSignUp(fields);
  if (path === '/sign-in/magic-link' && fields.name !== undefined) checkName(fields.name);
}
