/** What other features may use to tell a member something: the bell, and e-mail. */
export { notify, unreadNotificationCount, type NewNotification } from './service';
export { bellEachRow } from './bell-each-row';
export { mailNotification } from './mail';
export { audienceOf, getPreferences, setPreferences } from './preferences';
