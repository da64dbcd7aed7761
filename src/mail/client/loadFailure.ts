/** SPEC.md point 8's two texts for a mail or draft that could not be shown. */
import { ApiError } from '../../dataProvider/ApiError';

export type LoadFailure = 'notFound' | 'loadFailed';

/** Only a missing or forbidden mail/draft (404, 403) says so; any other failure is a loading error. */
export const loadFailure = (err: unknown): LoadFailure => (err instanceof ApiError && (err.status === 404 || err.status === 403) ? 'notFound' : 'loadFailed');

/** The i18n key of the text shown for the failure (mailClient.errors.*). */
export const loadFailureKey = (failure: LoadFailure) => `mailClient.errors.${failure}`;
