import { randomBytes } from 'node:crypto';
import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAccount, type Account } from '../common/account';
import type { PathParams } from '../common/contract';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CampaignsService } from '../modules/campaigns/campaigns.service';
import { overlayContent } from '../modules/overlays/overlay-content';
import { OverlaysService } from '../modules/overlays/overlays.service';
import { SplashService } from '../modules/splash/splash.service';
import { previewSecurityPolicy } from './html';
import { campaignListPage, overlayPage, splashPage } from './link-pages';
import type { ServedLink } from './redirects.service';
import { RedirectsService } from './redirects.service';

/** Where a preview's link leads: an empty page (the frame of an overlay shows nothing). */
const NOWHERE = 'about:blank';

/** A link of no one's that shows what a preview needs: no pixels, no password, no targets. */
function standIn(title: string, shows: Pick<ServedLink, 'type' | 'splash' | 'overlay'>): ServedLink {
  return {
    id: 0,
    userId: 0,
    alias: '',
    url: NOWHERE,
    title,
    metaDescription: '',
    metaImage: '',
    expiresAt: null,
    startsAt: null,
    clickLimit: null,
    clicks: 0,
    passwordHash: null,
    geotarget: [],
    devicetarget: [],
    languagetarget: [],
    variants: [],
    deeplink: null,
    parameters: [],
    pixels: [],
    ...shows,
  };
}

/**
 * The dashboard's previews of what a visitor sees, for the account's own records (another
 * account's is a 404): made by the very functions that make the public pages, sent under a policy
 * of their own (html.ts, previewSecurityPolicy) that lets only the service's own pages frame them
 * and runs them in an opaque origin. API calls like any other: the key or the session, counted.
 */
@Controller()
export class PreviewsController {
  constructor(
    @Inject(CampaignsService) private readonly campaigns: CampaignsService,
    @Inject(OverlaysService) private readonly overlays: OverlaysService,
    @Inject(SplashService) private readonly splashPages: SplashService,
    @Inject(RedirectsService) private readonly pages: RedirectsService,
  ) {}

  /** The campaign's list page, public or not yet (what it shows once public). */
  @Get('campaign/:id/preview')
  async previewCampaign(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'previewCampaign'>['id'],
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const campaign = await this.campaigns.get(account, id);
    const links = await this.pages.campaignLinks(campaign.id, 'listed');
    return preview(reply, () => campaignListPage({ name: campaign.name, links }));
  }

  @Get('overlay/:id/preview')
  async previewOverlay(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'previewOverlay'>['id'],
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const overlay = await this.overlays.get(account, id);
    const link = standIn(overlay.name, { type: 'overlay', splash: null, overlay: overlayContent(overlay) });
    return preview(reply, (nonce) => overlayPage(link, NOWHERE, nonce));
  }

  @Get('splash/:id/preview')
  async previewSplash(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'previewSplash'>['id'],
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const splash = await this.splashPages.get(account, id);
    const link = standIn(splash.name, {
      type: 'splash',
      splash: { title: splash.title, text: splash.text, image: splash.image, delay: splash.delay },
      overlay: null,
    });
    // The preview stays on the page (a visitor's moves on after the delay): no refresh a viewer cannot stop.
    return preview(reply, (nonce) => splashPage(link, NOWHERE, nonce, { moveOn: false }));
  }
}

/** A preview's page under its policy: framed by the service's own pages only, sandboxed, never cached. */
function preview(reply: FastifyReply, render: (nonce: string) => string): string {
  const nonce = randomBytes(16).toString('base64');
  reply
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', previewSecurityPolicy(nonce))
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Cache-Control', 'no-store');
  return render(nonce);
}
