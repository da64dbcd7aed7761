/** The E-mails tab: the mails linked to the job (src/mail/client/JobEmails). */
import { useParams } from 'react-router-dom';
import { JobEmails } from '../../mail/client/JobEmails';

export function EmailsTab() {
  const jobId = Number(useParams().id);
  return Number.isInteger(jobId) && jobId > 0 ? <JobEmails jobId={jobId} /> : null;
}
