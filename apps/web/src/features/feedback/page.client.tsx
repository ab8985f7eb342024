import type { FeedbackPageData } from '@pmw/contract/feedback-rules';
import { hydratePage } from '../../shared/public-page/hydrate';
import { FeedbackView } from './feedback-view';
import './feedback.css';

/** The feedback page's browser entry: no router, no query cache, no schemas; the submit call loads when pressed. */
hydratePage<FeedbackPageData>((d) => <FeedbackView data={d} />);
