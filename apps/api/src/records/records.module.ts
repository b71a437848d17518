import { Module } from '@nestjs/common';
import { RecordsRepository } from './records.repository';
import { RecordsService } from './records.service';

/** The service behind every `RecordSpec` resource; an area that declares records imports this module. */
@Module({
  providers: [RecordsService, RecordsRepository],
  exports: [RecordsService],
})
export class RecordsModule {}
