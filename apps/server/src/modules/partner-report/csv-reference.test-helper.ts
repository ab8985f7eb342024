import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { leadStatusText, showsCustomerMobile, type ReportFilter } from '@pmw/contract/partner';
import { isFileInput, type FormInputDef } from '@pmw/contract/lead-form';
import { formatIsoLocal } from '@pmw/contract/time';
import type { Db } from '../../db/client';
import { formResponseData, formResponses, jobs, taskForms } from '../../db/schema/index';
import { CSV_BOM, csvLine } from './csv';
import { reportInputs, reportPageColumns, reportWhere } from './partner-report.service';

/**
 * The Leads Report CSV as it was written row by row in JavaScript before the
 * database wrote it with COPY: the reference the COPY file must equal, byte
 * for byte.
 */
export async function referenceCsv(db: Db, partnerId: number, f: ReportFilter): Promise<Buffer> {
  const jobIds = f.job_id?.length
    ? f.job_id
    : (
        await db.selectDistinct({ job_id: formResponses.job_id }).from(formResponses).where(eq(formResponses.partner_user_id, partnerId))
      ).map((r) => r.job_id);
  const formRows = jobIds.length
    ? await db
        .select({ form_id: taskForms.form_id, inputs: taskForms.inputs })
        .from(taskForms)
        .where(inArray(taskForms.job_id, jobIds))
        .orderBy(asc(taskForms.job_id))
    : [];
  const forms = new Map(formRows.map((r) => [r.form_id, r.inputs as FormInputDef[]]));
  const inputs = reportInputs([...forms.values()].map((i) => ({ inputs: i })));
  let out =
    CSV_BOM +
    csvLine([
      'Lead ID',
      'Project',
      'Created At',
      'Updated At',
      'Status',
      'Comment',
      'Payout (₹)',
      'Customer Name',
      'Customer Mobile',
      ...inputs.map((i) => i.label),
    ]);
  const rows = await db
    .select(reportPageColumns)
    .from(formResponses)
    .innerJoin(jobs, eq(jobs.job_id, formResponses.job_id))
    .where(and(reportWhere(partnerId, f)))
    .orderBy(sql`${formResponses.created_on} desc`, sql`${formResponses.form_response_id} desc`);
  const ids = rows.map((r) => r.form_response_id);
  const data = ids.length ? await db.select().from(formResponseData).where(inArray(formResponseData.form_response_id, ids)) : [];
  for (const r of rows) {
    const formInputs = forms.get(r.form_id) ?? [];
    const cells = new Map<string, { input_id: number; value: string | null; file_id: number | null }>();
    for (const input of formInputs.slice(2)) {
      const d = data.find((x) => x.form_response_id === r.form_response_id && x.input_id === input.input_id);
      cells.set(`${input.label}|${input.input_type}`, {
        input_id: input.input_id,
        value: d?.value ? d.value : null,
        file_id: d?.file_id ?? null,
      });
    }
    out += csvLine([
      r.form_response_id,
      r.slug_name,
      formatIsoLocal(r.created_on),
      formatIsoLocal(r.modified_on),
      leadStatusText(r),
      r.status_comment,
      (r.payout_paise / 100).toFixed(2),
      r.customer_name,
      showsCustomerMobile(r.job_category_id) ? r.customer_mobile : '',
      ...inputs.map((col) => {
        const cell = cells.get(col.key);
        if (!cell?.value) return '';
        const def = formInputs.find((i) => i.input_id === cell.input_id);
        return def && isFileInput(def) ? `Attached (file ${cell.file_id ?? cell.value})` : cell.value;
      }),
    ]);
  }
  return Buffer.from(out);
}
