import { Body, Controller, Query, Req } from '@nestjs/common';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, SignedInUser } from '../identity';
import { ActionRoute, CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, UpdateRoute } from '../openapi';
import { array } from '../common/openapi/answer-schema';
import { Order, OrderCreated, OrderItem, OrderStatusChange } from './order.answer';
import { ChangeOrderStatusDto, CreateOrderDto, CreateOrderItemDto, ReorderOrderItemsDto, UpdateOrderDto, UpdateOrderItemDto } from './order.dto';
import { ITEMS_LIST, OrderItemsService } from './order-items.service';
import { LIST, OrdersService, STATUS_CHANGES_LIST } from './orders.service';
import { Id } from '../common/id-param';


/** Orders and offers to customers (docs/api-orders.md). */
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly items: OrderItemsService,
  ) {}

  @ListRoute('orders.view', Order, listOf(LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.orders.list(query);
  }

  @GetRoute('orders.view', Order)
  get(@Id() id: string) {
    return this.orders.get(id);
  }

  @CreateRoute('orders.create', OrderCreated)
  create(@Body() input: CreateOrderDto, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.orders.create(input, user.id, request.organization!, request.locale);
  }

  @UpdateRoute('orders.update', Order)
  update(@Id() id: string, @Body() input: UpdateOrderDto, @Req() request: FabquoteRequest) {
    return this.orders.update(id, input, request.locale);
  }

  @DeleteRoute('orders.delete', Order)
  remove(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.orders.remove(id, request.locale);
  }

  @ActionRoute('orders.update', Order, ':id/status')
  changeStatus(@Id() id: string, @Body() input: ChangeOrderStatusDto, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.orders.changeStatus(id, input, user.id, request.locale);
  }

  @ActionRoute('items.update', array(OrderItem), ':id/items/reorder')
  reorder(@Id() id: string, @Body() input: ReorderOrderItemsDto, @Req() request: FabquoteRequest) {
    return this.items.reorder(id, input, request.locale);
  }
}

/** Who changed an order's status when (read-only; filter `orderId`). */
@Controller('order-status-changes')
export class OrderStatusChangesController {
  constructor(private readonly orders: OrdersService) {}

  @ListRoute('orders.view', OrderStatusChange, listOf(STATUS_CHANGES_LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.orders.statusChanges(query);
  }

  @GetRoute('orders.view', OrderStatusChange)
  get(@Id() id: string) {
    return this.orders.statusChange(id);
  }
}

/** An order's items (the console's /orders/{id}/items, /items and /products/{id}/items); permissions `items.*`. */
@Controller('order-items')
export class OrderItemsController {
  constructor(private readonly items: OrderItemsService) {}

  @ListRoute('items.view', OrderItem, listOf(ITEMS_LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.items.list(query);
  }

  @GetRoute('items.view', OrderItem)
  get(@Id() id: string) {
    return this.items.get(id);
  }

  @CreateRoute('items.create', OrderItem)
  create(@Body() input: CreateOrderItemDto, @Req() request: FabquoteRequest) {
    return this.items.create(input, request.locale);
  }

  @UpdateRoute('items.update', OrderItem)
  update(@Id() id: string, @Body() input: UpdateOrderItemDto, @Req() request: FabquoteRequest) {
    return this.items.update(id, input, request.locale);
  }

  @DeleteRoute('items.delete', OrderItem)
  remove(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.items.remove(id, request.locale);
  }
}
