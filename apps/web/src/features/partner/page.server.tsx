import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import type { Locale } from '@pmw/contract/locale';
import { renderPage } from '../../shared/public-page/render';
import { AreaTree } from '../../shared/area-tree';
import { createQueryClient } from '../../shared/query-client';
import { partnerRoutes } from './partner-routes';

const router = ({ children }: { children: ReactNode }) => <StaticRouter location="/partner/">{children}</StaticRouter>;

/** The portal's login on the server (`/partner/`): 'Welcome to PickMyWork' and the mobile number in the first response. */
export const render = (locale: Locale, data: null) =>
  renderPage(locale, data, () => <AreaTree client={createQueryClient()} router={router} routes={partnerRoutes} />);
