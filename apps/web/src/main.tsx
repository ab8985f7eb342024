import './zod-config';
import { Navigate } from 'react-router';
import { appRoutes } from './app/router';
import { startArea } from './shared/area-app';

// Every area's routes; an unknown address goes to the partner portal.
startArea(appRoutes, { otherPaths: <Navigate to="/partner/" replace />, contractTextsFirst: true });
