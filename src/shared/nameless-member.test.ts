import { describe, expect, it } from 'vitest';
import type { Me } from './accounts';
import { isNameless, namelessMe } from './nameless-member';

const suspended: Me = {
  user: {
    id: 'u-42',
    email: 'ada@example.com',
    name: 'Ada Lantern',
    username: 'ada-lantern',
    image: '/uploads/a1b2c3',
    role: 'moderator',
    emailVerified: false,
    signupComplete: true,
    suspension: { until: '2026-12-31T00:00:00.000Z', reason: 'Spam' },
  },
  unreadNotifications: 7,
};

describe('a member as a page made for every member like them holds them', () => {
  it('keeps what shapes the page and drops who they are and their bell', () => {
    const nameless = namelessMe(suspended);
    expect(nameless).toEqual({
      user: {
        id: '',
        email: '',
        name: '',
        username: null,
        image: null,
        role: 'moderator',
        emailVerified: false,
        signupComplete: true,
        suspension: { until: '2026-12-31T00:00:00.000Z', reason: 'Spam' },
      },
      unreadNotifications: 0,
    });
    expect(isNameless(nameless.user!)).toBe(true);
    expect(isNameless(suspended.user!)).toBe(false);
  });

  it('is the same for two members who differ only in who they are', () => {
    const other: Me = {
      user: { ...suspended.user!, id: 'u-43', email: 'bo@example.com', name: 'Bo', username: 'bo', image: null },
      unreadNotifications: 0,
    };
    expect(JSON.stringify(namelessMe(other))).toBe(JSON.stringify(namelessMe(suspended)));
  });

  it('leaves a visitor as they are, and a nameless member too', () => {
    expect(namelessMe({ user: null })).toEqual({ user: null });
    const once = namelessMe(suspended);
    expect(namelessMe(once)).toEqual(once);
  });
});
