import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OverlayEntity } from './overlay.entity';
import { OverlaysController } from './overlays.controller';
import { OverlaysService } from './overlays.service';

@Module({
  imports: [TypeOrmModule.forFeature([OverlayEntity])],
  controllers: [OverlaysController],
  providers: [OverlaysService],
  exports: [OverlaysService],
})
export class OverlaysModule {}
