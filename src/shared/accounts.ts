import { z } from 'zod';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

/** Names that would pass for the product, its staff or one of its pages. */
export const reservedUsernames: readonly string[] = [
  'admin',
  'administrator',
  'root',
  'moderator',
  'mod',
  'support',
  'help',
  'gamesource',
  'api',
  'auth',
  'login',
  'logout',
  'signup',
  'sign-out',
  'settings',
  'account',
  'me',
  'system',
  'null',
  'undefined',
  'about',
  'community',
  'games',
  'categories',
  'onboarding',
  'profile',
  'staff',
  'official',
  'security',
  'www',
  'mail',
];

/** Usernames are lower case: "Nora" is taken as "nora", not refused. */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN_LENGTH, { error: 'Usernames are 3 to 30 characters' })
  .max(USERNAME_MAX_LENGTH, { error: 'Usernames are 3 to 30 characters' })
  .regex(/^[a-z0-9_-]+$/, { error: 'Use only lowercase letters, digits, _ and -' })
  .refine((name) => !reservedUsernames.includes(name), { error: 'That username is reserved' });

/** The product's own sign-up step, after the identity is proven: a username and the terms. */
export const signupStepSchema = z.object({
  username: usernameSchema,
  acceptTerms: z.literal(true, 'Please accept the terms to continue'),
});
export type SignupStep = z.infer<typeof signupStepSchema>;

export const userRoles = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  /** The profile picture's path, or null (the header then shows the initial). */
  image: z.string().nullable(),
  role: z.enum(userRoles),
  emailVerified: z.boolean(),
  signupComplete: z.boolean(),
  /** While a moderator's suspension lasts: why, and until when (the member reads but does not post). */
  suspension: z.object({ until: z.string(), reason: z.string() }).nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/me`: who is signed in, or `null`. */
export const meSchema = z.object({
  user: sessionUserSchema.nullable(),
  /** Present in showcase mode (AUTH_MODE=demo), so the app needs no second call to know it. */
  showcase: z.literal(true).optional(),
  /** How many of the user's notifications are unread (signed in only): the header's bell needs no call of its own as a page opens. */
  unreadNotifications: z.number().int().nonnegative().optional(),
});
export type Me = z.infer<typeof meSchema>;

/** `POST /api/me/signup` answers with the updated user. */
export const signupResponseSchema = z.object({ user: sessionUserSchema });

/** One of the signed-in user's own sessions (`GET /api/me/sessions`); never its token. */
export const ownSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const ownSessionsSchema = z.object({ items: z.array(ownSessionSchema) });

/** `DELETE /api/me/sessions/:id`. */
export const sessionParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'Not a session id' }),
});
export const sessionEndedSchema = z.object({ ended: z.literal(true) });

export const authModes = ['accounts', 'demo'] as const;
export type AuthMode = (typeof authModes)[number];

export const signInProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['social', 'oidc']),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

/** `GET /api/sign-in-methods`: exactly the ways to sign in this server is configured for. */
export const signInMethodsSchema = z.object({
  mode: z.enum(authModes),
  password: z.literal(true),
  passwordSignUp: z.boolean(),
  /** E-mail goes to the local outbox (no mail server in development), readable on the server's machine at /dev/outbox. */
  localOutbox: z.boolean(),
  emailLink: z.boolean(),
  phone: z.boolean(),
  providers: z.array(signInProviderSchema),
  demo: z.boolean(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

export const usernameAvailabilityQuerySchema = z.object({ username: z.string().max(100) });

/** `GET /api/usernames/availability?username=x`. */
export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
  message: z.string().optional(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

export const emailSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter your e-mail address' })
  .max(254, { error: 'That e-mail address is too long' })
  .pipe(z.email({ error: 'Enter a valid e-mail address, like name@example.com' }));

/** The name people see next to reviews; not the unique username. */
export const DISPLAY_NAME_MAX_LENGTH = 100;

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter your name' })
  .max(DISPLAY_NAME_MAX_LENGTH, { error: `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters` });

export const E164_MESSAGE = 'Enter the number in international format, e.g. +14155550123';

/** A phone number in E.164 form: '+', then 8 to 15 digits, the first not 0. */
export const e164PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, { error: E164_MESSAGE });
