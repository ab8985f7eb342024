import type { JobPageData } from '@pmw/contract/hiring-rules';
import { hydratePage } from '../../shared/public-page/hydrate';
import { JobView } from './job-view';
import './candidate.css';

/** The job page's browser entry: no router, no query cache, no schemas; Apply Now is a link into the candidate flow. */
hydratePage<JobPageData>((d) => <JobView data={d} />);
