import { userAuthRoutes } from '@pmw/contract/auth';
import { userFileRoutes, type FilePurpose } from '@pmw/contract/files';
import { hiringRoutes } from '@pmw/contract/hiring';
import { api, ApiError, putFile } from '../../shared/api-client';

export const jobQueryKey = (jobId: number, recruiterId: number) => ['candidate', 'job', jobId, recruiterId] as const;
/** The job as the link opens it: the server answers not found when the link's recruiter may not refer. */
export const fetchJob = (jobId: number, recruiterId: number) =>
  api(hiringRoutes.jobById, { query: { job_id: jobId, recruiter_id: recruiterId } });

export const sendOtp = (mobile: string) => api(userAuthRoutes.sendOtp, { body: { mobile } });
export const login = (mobile: string, otp: string) => api(userAuthRoutes.login, { body: { mobile, otp } });

/** The upload flow: a signed URL, the PUT of the bytes, then the file's id. */
export async function uploadFile(file: File, purpose: FilePurpose): Promise<number> {
  const signed = await api(userFileRoutes.signUpload, { body: { file_name: file.name, file_purpose: purpose } }).catch((err: unknown) => {
    throw err instanceof ApiError ? err : ApiError.said('common.uploadFailed', 'UPLOAD', 0);
  });
  await putFile(signed.url, file, signed.content_type);
  const added = await api(userFileRoutes.add, { body: { file_key: signed.key, file_name: file.name, file_purpose: purpose } });
  return added.file_id;
}

export const addDocument = (body: { user_id: number; type: 'AADHAAR' | 'PAN'; number: string; file_id: number }) =>
  api(hiringRoutes.addDocument, { body });
export const updateName = (user_id: number, first_name: string) => api(hiringRoutes.updateUser, { body: { user_id, first_name } });
export const applyToJob = (body: {
  user_id: number;
  recruiter_id: number;
  job_id: number;
  job_location_id: number;
  answers: { input_id: number; value: string }[];
  tracking_id?: string;
}) => api(hiringRoutes.apply, { body });

export const slotsQueryKey = (jobId: number) => ['candidate', 'slots', jobId] as const;
export const bookedQueryKey = (jobId: number) => ['candidate', 'booked', jobId] as const;
export const fetchSlots = (jobId: number, locationId: number) =>
  api(hiringRoutes.slots, { query: { job_id: jobId, job_location_id: locationId } });
export const fetchBooked = (jobId: number) => api(hiringRoutes.bookedSlot, { query: { job_id: jobId } });
export const bookSlot = (body: { user_id: number; slot_id: number; job_id: number; booking_date: string }) =>
  api(hiringRoutes.bookSlot, { body });
export const rescheduleSlot = (body: { user_id: number; slot_id: number; job_id: number; booking_date: string }) =>
  api(hiringRoutes.rescheduleSlot, { body });
export const fetchMe = () => api(userAuthRoutes.me);
