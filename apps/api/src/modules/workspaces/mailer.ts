import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';

/** Sends the service's e-mails (invitations) through SMTP_URL; without it, sends nothing. */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter | null;

  constructor(@Inject(CONFIG) private readonly config: Config) {
    // A server that does not answer in 10 s fails the send, not the request that asked for it.
    this.transport = config.smtpUrl
      ? createTransport(config.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 })
      : null;
  }

  /** Whether the server took the message (a failure is logged, without the message). */
  async send(message: { to: string; subject: string; text: string }): Promise<boolean> {
    if (!this.transport) return false;
    try {
      await this.transport.sendMail({ from: this.config.smtpFrom, ...message });
      return true;
    } catch (error) {
      this.logger.warn(`An e-mail could not be sent: ${(error as Error).message}`);
      return false;
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
