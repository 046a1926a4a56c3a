import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BioBlockEntity, BioMediaEntity, BioPageEntity } from './modules/bio/bio.entity';
import { BioRepository } from './modules/bio/bio.repository';
import { CampaignEntity } from './modules/campaigns/campaign.entity';
import { CampaignsRepository } from './modules/campaigns/campaigns.repository';
import { ChannelEntity, ChannelItemEntity } from './modules/channels/channel.entity';
import { ChannelsRepository } from './modules/channels/channels.repository';
import { DomainEntity } from './modules/domains/domain.entity';
import { DomainsRepository } from './modules/domains/domains.repository';
import { LinkEntity } from './modules/links/link.entity';
import { LinksRepository } from './modules/links/links.repository';
import { TagsRepository } from './modules/links/tags.repository';
import { OverlayEntity } from './modules/overlays/overlay.entity';
import { OverlaysRepository } from './modules/overlays/overlays.repository';
import { PixelEntity } from './modules/pixels/pixel.entity';
import { PixelsRepository } from './modules/pixels/pixels.repository';
import { ReportEntity } from './modules/reports/report.entity';
import { ReportsRepository } from './modules/reports/reports.repository';
import { QrEntity } from './modules/qr/qr.entity';
import { QrRepository } from './modules/qr/qr.repository';
import { SplashEntity } from './modules/splash/splash.entity';
import { SplashRepository } from './modules/splash/splash.repository';
import { PlanEntity } from './modules/users/plan.entity';
import { UserEntity } from './modules/users/user.entity';
import { UsersRepository } from './modules/users/users.repository';
import {
  AuditEntryEntity,
  InvitationEntity,
  MemberEntity,
  WorkspaceEntity,
  WorkspaceKeyEntity,
} from './modules/workspaces/workspace.entity';
import { WorkspacesRepository } from './modules/workspaces/workspaces.repository';

const REPOSITORIES = [
  BioRepository,
  CampaignsRepository,
  ChannelsRepository,
  DomainsRepository,
  LinksRepository,
  OverlaysRepository,
  PixelsRepository,
  ReportsRepository,
  QrRepository,
  SplashRepository,
  TagsRepository,
  UsersRepository,
  WorkspacesRepository,
];

/**
 * The repositories of the resources other modules name (a link names a domain, a campaign, pixels;
 * deleting a domain moves its links; the redirects read them all), for every module: each module
 * reads another's records through that module's repository, never its entity, and no module has
 * to import another for it (links and domains name each other). Accounts are read by the key guard, sessions and admin; workspaces by the workspace guard, the key guard and the audit log. A repository only its own module
 * uses (sessions, webhooks, clicks, health) stays in that module.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([
      BioPageEntity,
      BioBlockEntity,
      BioMediaEntity,
      CampaignEntity,
      ChannelEntity,
      ChannelItemEntity,
      DomainEntity,
      LinkEntity,
      OverlayEntity,
      PixelEntity,
      ReportEntity,
      QrEntity,
      SplashEntity,
      UserEntity,
      PlanEntity,
      WorkspaceEntity,
      MemberEntity,
      InvitationEntity,
      WorkspaceKeyEntity,
      AuditEntryEntity,
    ]),
  ],
  providers: REPOSITORIES,
  exports: REPOSITORIES,
})
export class RepositoriesModule {}
