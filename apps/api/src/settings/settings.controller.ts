import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { RequirePermission } from '../identity';
import { ApiList, ApiReturns, listOf } from '../openapi';
import { CreateSettingDto, UpdateSettingDto } from './setting.dto';
import { LIST, SettingsService } from './settings.service';
import { Id } from '../common/id-param';


@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @RequirePermission('settings.view')
  @ApiList('Setting', listOf(LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.settings.list(query);
  }

  @Get(':id')
  @RequirePermission('settings.view')
  @ApiReturns('Setting')
  get(@Id() id: string) {
    return this.settings.get(id);
  }

  @Post()
  @RequirePermission('settings.create')
  @ApiReturns('Setting', 201)
  create(@Body() input: CreateSettingDto) {
    return this.settings.create(input);
  }

  @Put(':id')
  @RequirePermission('settings.update')
  @ApiReturns('Setting')
  update(@Id() id: string, @Body() input: UpdateSettingDto) {
    return this.settings.update(id, input);
  }

  @Delete(':id')
  @RequirePermission('settings.delete')
  @ApiReturns('Setting')
  remove(@Id() id: string) {
    return this.settings.remove(id);
  }
}
