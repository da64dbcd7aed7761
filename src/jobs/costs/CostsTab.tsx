/** Placeholder until the tab is built; the job item page renders it. */
export function CostsTab({ jobId }: { jobId: number }) {
  return <div data-job-id={jobId} />;
}
