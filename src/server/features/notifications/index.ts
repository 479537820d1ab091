// What other features may call of notifications.
export { notify, type NewNotification } from './service';
export { mailNotification } from './mail';
export { audienceOf, getPreferences, setPreferences } from './preferences';
