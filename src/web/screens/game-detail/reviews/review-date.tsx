import { useBrowserValue } from '../../../lib/use-browser-value';

const reviewDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const reviewDateInUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The day in the reader's time zone, which a server-rendered page learns once it is hydrated. */
export function ReviewDate({ at }: { at: string }) {
  const day = useBrowserValue(() => reviewDate.format(new Date(at)), reviewDateInUtc.format(new Date(at)));
  return <time dateTime={at}>{day}</time>;
}
