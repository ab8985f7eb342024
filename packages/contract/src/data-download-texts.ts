import { dataDownloadCatalogue } from './texts/data-download';
/** Names for the data-download area's texts the server sends, without schemas; the words, English and Hindi, live in the area's catalogue under texts/. */

export const dataDownloadMessages = {
  fileRequired: dataDownloadCatalogue.en['dataDownload.fileRequired'],
  passcodeRequired: dataDownloadCatalogue.en['dataDownload.passcodeRequired'],
  passcodeWrong: dataDownloadCatalogue.en['dataDownload.passcodeWrong'],
  passcodeLocked: dataDownloadCatalogue.en['dataDownload.passcodeLocked'],
  notSpreadsheet: dataDownloadCatalogue.en['dataDownload.notSpreadsheet'],
  noLeadColumn: dataDownloadCatalogue.en['dataDownload.noLeadColumn'],
  empty: dataDownloadCatalogue.en['dataDownload.empty'],
  tooLarge: dataDownloadCatalogue.en['dataDownload.tooLarge'],
  tooManyRows: dataDownloadCatalogue.en['dataDownload.tooManyRows'],
  fileMissing: dataDownloadCatalogue.en['dataDownload.fileMissing'],
} as const;
