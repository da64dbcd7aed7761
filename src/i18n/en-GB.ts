/** en-GB: the en-US texts with British spellings where they differ. */
import enUS, { type Messages } from './en-US';
import { deepMerge } from './deepMerge';

const enGB: Messages = deepMerge(enUS, {
  default: { requestCanceled: 'Request cancelled' },
  resources: { departments: { fields: { de_color: 'Colour' } } },
});

export default enGB;
