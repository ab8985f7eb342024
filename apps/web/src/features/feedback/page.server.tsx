import type { FeedbackPageData } from '@pmw/contract/feedback-rules';
import type { Locale } from '@pmw/contract/locale';
import { renderPage } from '../../shared/public-page/render';
import { FeedbackView } from './feedback-view';

/** The feedback page on the server: partner, OTP and stars in the first response. */
export const render = (locale: Locale, data: FeedbackPageData) => renderPage(locale, data, (d) => <FeedbackView data={d} />);
