import { Body, Controller, Query } from '@nestjs/common';
import { CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, UpdateRoute } from '../openapi';
import { Setting } from './setting.answer';
import { CreateSettingDto, UpdateSettingDto } from './setting.dto';
import { LIST, SettingsService } from './settings.service';
import { Id } from '../common/id-param';


@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @ListRoute('settings.view', Setting, listOf(LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.settings.list(query);
  }

  @GetRoute('settings.view', Setting)
  get(@Id() id: string) {
    return this.settings.get(id);
  }

  @CreateRoute('settings.create', Setting)
  create(@Body() input: CreateSettingDto) {
    return this.settings.create(input);
  }

  @UpdateRoute('settings.update', Setting)
  update(@Id() id: string, @Body() input: UpdateSettingDto) {
    return this.settings.update(id, input);
  }

  @DeleteRoute('settings.delete', Setting)
  remove(@Id() id: string) {
    return this.settings.remove(id);
  }
}
