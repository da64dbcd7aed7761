/** /prelogin: the address first; the list of brand sites it signs in to goes by mail to that address. */
import type { PageProps } from '../pages/types';
import { MailAddressForm } from './MailAddressForm';

export function PreloginPage({ title }: PageProps) {
  return <MailAddressForm title={title} call="auth/prelogin" label="publicAuth.email" submit="publicAuth.continue" sent="publicAuth.preloginSent" />;
}
