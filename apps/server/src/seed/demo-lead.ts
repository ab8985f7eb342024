/**
 * The columns every demo lead shares: its project's form, and the customer
 * as its first two answers give them (mobile, then name), as the lead forms
 * of the demo ask.
 */
export function demoLead(id: number, job: number, answers: readonly (readonly [number, string, ...unknown[]])[]) {
  return { form_response_id: id, form_id: job, job_id: job, customer_mobile: answers[0]![1], customer_name: answers[1]![1] };
}
