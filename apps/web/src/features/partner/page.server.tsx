import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import type { Locale } from '@pmw/contract/locale';
import type { PartnerLoginPageData } from '@pmw/contract/area-pages';
import { AREA_LOGIN_KEY } from '../../shared/area-login-state';
import { renderPage } from '../../shared/public-page/render';
import { AreaTree } from '../../shared/area-tree';
import { createQueryClient } from '../../shared/query-client';
import { partnerRoutes } from './partner-routes';

const router = ({ children }: { children: ReactNode }) => <StaticRouter location="/partner/">{children}</StaticRouter>;

/** The portal's login on the server (`/partner/`): 'Welcome to PickMyWork' and the mobile number in the first response (or the OTP step its plain form asked for). */
export const render = (locale: Locale, data: PartnerLoginPageData) =>
  renderPage(locale, data, (d) => {
    const client = createQueryClient();
    // After a plain form post: the OTP step, or a refusal at its field.
    client.setQueryData(AREA_LOGIN_KEY, d.login);
    return <AreaTree client={client} router={router} routes={partnerRoutes} />;
  });
