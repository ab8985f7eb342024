import type { JobPageData } from '@pmw/contract/hiring-rules';
import type { Locale } from '@pmw/contract/locale';
import { renderPage } from '../../shared/public-page/render';
import { JobView } from './job-view';

/** The job page on the server: the same view the browser entry hydrates. */
export const render = (locale: Locale, data: JobPageData) => renderPage(locale, data, (d) => <JobView data={d} />);
