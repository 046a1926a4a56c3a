import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PixelEntity } from './pixel.entity';
import { PixelsController } from './pixels.controller';
import { PixelsRepository } from './pixels.repository';
import { PixelsService } from './pixels.service';

@Module({
  imports: [TypeOrmModule.forFeature([PixelEntity])],
  controllers: [PixelsController],
  providers: [PixelsService, PixelsRepository],
  exports: [PixelsService],
})
export class PixelsModule {}
