import { Module } from '@nestjs/common';
import { ClicksModule } from '../clicks/clicks.module';
import { QrController } from './qr.controller';
import { QrService } from './qr.service';

@Module({
  imports: [ClicksModule],
  controllers: [QrController],
  providers: [QrService],
  exports: [QrService],
})
export class QrModule {}
