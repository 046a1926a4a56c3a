import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { qrUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { ChannelItemKinds } from '../channels/channel-item-kinds';
import { QrRepository } from './qr.repository';

/** Tells channels of QR codes: which is the account's, and how a channel shows one (its name and image's address). */
@Injectable()
export class QrChannelItems implements OnModuleInit {
  constructor(
    @Inject(ChannelItemKinds) private readonly kinds: ChannelItemKinds,
    @Inject(QrRepository) private readonly qrs: QrRepository,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.kinds.register('qr', {
      owned: async (account, id) => ({ qrId: (await this.qrs.get(account, id)).id }),
      views: async (ids) =>
        new Map(
          (await this.qrs.byIds(ids)).map((qr) => {
            const url = qrUrl(this.config.publicUrl, qr.alias);
            return [qr.id, { id: qr.id, title: qr.name, preview: url, link: url }];
          }),
        ),
    });
  }
}
