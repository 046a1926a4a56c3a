import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LinkReferencesModule } from '../links/link-references';
import { OverlayEntity } from './overlay.entity';
import { OverlaysController } from './overlays.controller';
import { OverlaysService } from './overlays.service';

@Module({
  imports: [LinkReferencesModule, TypeOrmModule.forFeature([OverlayEntity])],
  controllers: [OverlaysController],
  providers: [OverlaysService],
  exports: [OverlaysService],
})
export class OverlaysModule {}
