import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Order, OrderItem, OrderStatusChange } from './order.entity';
import { OrderRepository } from './order.repository';
import { OrderItemsService } from './order-items.service';
import { OrderItemsController, OrdersController, OrderStatusChangesController } from './orders.controller';
import { OrdersService } from './orders.service';

/**
 * Orders (docs/api-orders.md): offers and orders to customers, their items with prices taken from
 * the products, statuses with their history, totals computed on every read. An area with behaviour:
 * entities and a repository. `OrderRepository` is exported for what reads orders beside this area
 * (the offer's PDF, the dashboard).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem, OrderStatusChange])],
  controllers: [OrdersController, OrderStatusChangesController, OrderItemsController],
  providers: [OrderRepository, OrdersService, OrderItemsService],
  exports: [OrderRepository],
})
export class OrdersModule {}
