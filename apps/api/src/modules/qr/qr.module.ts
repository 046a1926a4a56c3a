import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClicksModule } from '../clicks/clicks.module';
import { QrController } from './qr.controller';
import { QrEntity } from './qr.entity';
import { QrService } from './qr.service';

@Module({
  imports: [ClicksModule, TypeOrmModule.forFeature([QrEntity])],
  controllers: [QrController],
  providers: [QrService],
  exports: [QrService],
})
export class QrModule {}
