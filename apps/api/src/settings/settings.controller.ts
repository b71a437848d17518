import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { RecordNotFound } from '../common/app-exception';
import { CreateSettingDto, UpdateSettingDto } from './setting.dto';
import { SettingsService } from './settings.service';

const SettingId = () => Param('id', new ParseUUIDPipe({ exceptionFactory: () => new RecordNotFound() }));

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  list(@Query() query: Record<string, unknown>) {
    return this.settings.list(query);
  }

  @Get(':id')
  get(@SettingId() id: string) {
    return this.settings.get(id);
  }

  @Post()
  create(@Body() input: CreateSettingDto) {
    return this.settings.create(input);
  }

  @Put(':id')
  update(@SettingId() id: string, @Body() input: UpdateSettingDto) {
    return this.settings.update(id, input);
  }

  @Delete(':id')
  remove(@SettingId() id: string) {
    return this.settings.remove(id);
  }
}
