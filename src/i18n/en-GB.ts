/** en-GB: the en-US texts with British spellings where they differ. */
import enUS, { type Messages } from '../../core/i18n/en-US';
import { deepMerge } from '../../core/i18n/deepMerge';

const enGB: Messages = deepMerge(enUS, {
  default: { requestCanceled: 'Request cancelled' },
  resources: { departments: { fields: { de_color: 'Colour' } } },
});

export default enGB;
