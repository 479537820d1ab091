/**
 * The response header of an answer made from memory while the database could not be reached
 * (decision 0056): its value is when what it shows was last known up to date, as an HTTP date.
 * The app shows "Some things may be out of date" while its answers carry it.
 */
export const POSSIBLY_STALE_HEADER = 'possibly-stale';

export const POSSIBLY_STALE_MESSAGE = 'Some things may be out of date';
