/** What moderation may use of a maker's submissions. */
export { findSubmission, requireComplete, requireListable, toView } from './service';
export { transition } from './status-machine';
