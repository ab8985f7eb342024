import type { ComponentType } from 'react';
import type { RouteDef } from '@pmw/contract/api';
import type { FilePurpose, fileAddBodySchema, fileAddedSchema, signedUploadBodySchema, signedUploadSchema } from '@pmw/contract/files';
import type { MapLocation } from '@pmw/contract/lead-form';

/** A file input's value once uploaded. */
export interface UploadedFile {
  file_id: number;
  file_name: string;
  /** A local preview of an image, for the person who picked it. */
  preview_url?: string;
  /** The picked image itself, so a draft kept on the device can show it again. */
  photo?: Blob;
}

/**
 * A file picked without a signal (or whose upload found none), kept on the
 * device until it can upload. Only an area that can keep a lead until the
 * network returns (the team area) lets the renderer keep one.
 */
export interface KeptFile {
  kept: true;
  file_name: string;
  /** The picked file itself: uploaded with the same call and limits once online. */
  blob: Blob;
  preview_url?: string;
  /** Why the server refused it (type, size), once it tried. */
  problem?: string;
}

/** What the renderer keeps per input: text, an uploaded or kept file, or a location. */
export type LeadFieldValue = string | UploadedFile | KeptFile | MapLocation;
export type LeadFieldValues = Record<number, LeadFieldValue | undefined>;

/** Step 1 and 3 of the upload flow of the area using the form, and the purpose its files get. */
export interface LeadUploadConfig {
  signUpload: RouteDef & { body: typeof signedUploadBodySchema; response: typeof signedUploadSchema };
  add: RouteDef & { body: typeof fileAddBodySchema; response: typeof fileAddedSchema };
  purpose: FilePurpose;
  /** Keep a file picked offline on the device (a KeptFile) instead of refusing it. */
  keepOffline?: boolean;
}

/** A map picker an area may pass for MAP_LOCATION inputs (the team area's Leaflet picker). */
export interface MapPickerProps {
  id: string;
  label: string;
  value: MapLocation | undefined;
  onChange: (location: MapLocation | undefined) => void;
  disabled?: boolean | undefined;
  describedBy?: string | undefined;
}
export type MapPickerComponent = ComponentType<MapPickerProps>;
