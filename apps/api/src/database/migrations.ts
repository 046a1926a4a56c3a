import { AccountsAndDomains1763800000000 } from './migrations/1763800000000-accounts-and-domains';
import { Resources1763800100000 } from './migrations/1763800100000-resources';
import { Clicks1763800200000 } from './migrations/1763800200000-clicks';
import { NormalUrls1764000000000 } from './migrations/1764000000000-normal-urls';
import { ClickBatches1764000100000 } from './migrations/1764000100000-click-batches';
import { ClickHours1764100000000 } from './migrations/1764100000000-click-hours';
import { Webhooks1764200000000 } from './migrations/1764200000000-webhooks';
import { WebhookTurns1764300000000 } from './migrations/1764300000000-webhook-turns';
import { WebhookDropped1764300100000 } from './migrations/1764300100000-webhook-dropped';
import { Sessions1764400000000 } from './migrations/1764400000000-sessions';
import { BioPages1764400100000 } from './migrations/1764400100000-bio-pages';
import { SessionKeys1764800000000 } from './migrations/1764800000000-session-keys';
import { DisabledAccounts1764900200000 } from './migrations/1764900200000-disabled-accounts';
import { ClickPartitions1765000000000 } from './migrations/1765000000000-click-partitions';
import { CredentialsByKey1765100000000 } from './migrations/1765100000000-credentials-by-key';
import { LinksByDate1765200000000 } from './migrations/1765200000000-links-by-date';
import { Workspaces1765300000000 } from './migrations/1765300000000-workspaces';
import { SingleSignOn1765400000000 } from './migrations/1765400000000-single-sign-on';
import { Certificates1765500000000 } from './migrations/1765500000000-certificates';
import { Tags1765600000000 } from './migrations/1765600000000-tags';
import { LinkFilters1765700000000 } from './migrations/1765700000000-link-filters';
import { ArchivedLinks1765800000000 } from './migrations/1765800000000-archived-links';
import { ClickLimits1765900000000 } from './migrations/1765900000000-click-limits';
import { LinkVariants1766000000000 } from './migrations/1766000000000-link-variants';
import { SharedReports1766100000000 } from './migrations/1766100000000-shared-reports';
import { OrphanVisits1766200000000 } from './migrations/1766200000000-orphan-visits';
import { ClickStorePurges1766300000000 } from './migrations/1766300000000-click-store-purges';

/** Every migration, oldest first. Run at start on both databases. */
export const migrations = [
  AccountsAndDomains1763800000000,
  Resources1763800100000,
  Clicks1763800200000,
  NormalUrls1764000000000,
  ClickBatches1764000100000,
  ClickHours1764100000000,
  Webhooks1764200000000,
  WebhookTurns1764300000000,
  WebhookDropped1764300100000,
  Sessions1764400000000,
  BioPages1764400100000,
  SessionKeys1764800000000,
  DisabledAccounts1764900200000,
  ClickPartitions1765000000000,
  CredentialsByKey1765100000000,
  LinksByDate1765200000000,
  Workspaces1765300000000,
  SingleSignOn1765400000000,
  Certificates1765500000000,
  Tags1765600000000,
  LinkFilters1765700000000,
  ArchivedLinks1765800000000,
  ClickLimits1765900000000,
  LinkVariants1766000000000,
  SharedReports1766100000000,
  OrphanVisits1766200000000,
  ClickStorePurges1766300000000,
];
