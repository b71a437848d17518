import { array, choice, component, dateTime, integer, nullable, number, object, text, uuid } from '../../common/openapi/answer-schema';


export const PurchaseRequestProduct = component('PurchaseRequestProduct', object({
  id: uuid(),
  purchaseRequestId: uuid(),
  productId: uuid(),
  quantities: array(number()),
  productName: text(),
  productNumber: text(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const PurchaseRequestSupplier = component('PurchaseRequestSupplier', object({
  id: uuid(),
  purchaseRequestId: uuid(),
  supplierId: uuid(),
  supplierName: text(),
  supplierEmail: text(),
  language: choice(['en', 'de']),
  invitedAt: nullable(dateTime()),
  offerSubmittedAt: nullable(dateTime()),
  revisions: integer({ description: 'How many offers the supplier submitted.' }),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const PurchaseRequestOperation = component('PurchaseRequestOperation', object({
  id: uuid(),
  purchaseRequestId: uuid(),
  productOperationId: uuid(),
  productId: uuid(),
  productName: text(),
  operationId: nullable(uuid()),
  operationName: nullable(text()),
  sorting: integer(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const PurchaseRequestPart = component('PurchaseRequestPart', object({
  id: uuid(),
  purchaseRequestId: uuid(),
  productPartId: uuid(),
  productId: uuid(),
  productName: text(),
  partId: uuid(),
  partName: text(),
  partNumber: text(),
  quantity: number({ description: 'Pieces per product.' }),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const PurchaseRequestFile = component('PurchaseRequestFile', object({
  id: uuid(),
  purchaseRequestId: uuid(),
  fileName: text(),
  contentType: text(),
  size: integer(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

