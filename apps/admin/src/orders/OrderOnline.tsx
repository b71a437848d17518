import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, required, SaveButton, TextInput, useDataProvider, useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { OrderQuestion } from '../api/contracts';
import { formatDateTime } from '../shared/format';
import { SectionHeading } from '../shared/SectionHeading';
import { useApiAction } from '../shared/useApiAction';
import { useTimeZone } from '../shared/useTimeZone';
import { maxText } from '../shared/validators';
import { OrderRecord } from './order-record';

/**
 * Where the customer's answer came from (docs/api-orders.md "The customer's offer page"): "Accepted online by … on …"
 * with their order number and note, or the reason they declined online.
 */
export const OnlineAnswer = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const timeZone = useTimeZone();
  if (!order) return null;
  const accepted = order.acceptedOnline;
  if (accepted) {
    return (
      <Alert severity="success" sx={{ mx: 2, mt: 1 }} data-testid="order-accepted-online">
        <Typography sx={{ fontWeight: 600 }}>{translate('resources.orders.online.accepted_by', { name: accepted.name, at: formatDateTime(accepted.at, locale, timeZone) })}</Typography>
        {accepted.customerOrderNumber ? <Typography variant="body2">{translate('resources.orders.online.customer_order_number', { number: accepted.customerOrderNumber })}</Typography> : null}
        {accepted.note ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {translate('resources.orders.online.note', { note: accepted.note })}
          </Typography>
        ) : null}
      </Alert>
    );
  }
  if (order.status === 'declined' && order.declineReason) {
    return (
      <Alert severity="info" sx={{ mx: 2, mt: 1 }} data-testid="order-declined-online">
        <Typography sx={{ fontWeight: 600 }}>{translate('resources.orders.online.declined_title')}</Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {translate('resources.orders.online.decline_reason', { reason: order.declineReason })}
        </Typography>
      </Alert>
    );
  }
  return null;
};

/** One question with its answer box: answered (again) through `PUT /order-questions/{id}`, which mails the customer. */
const QuestionCard = ({ question }: { question: OrderQuestion }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const timeZone = useTimeZone();
  const { submit } = useApiAction();
  const dataProvider = useDataProvider();
  const [editing, setEditing] = useState(!question.answer);
  const answer = (values: Record<string, unknown>) =>
    submit(
      () => dataProvider.update<OrderQuestion>('order-questions', { id: question.id, data: { answer: values.answer }, previousData: question }),
      'resources.orders.online.answer_sent',
      () => setEditing(false),
    );
  return (
    <Card variant="outlined" data-testid="order-question">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="caption" color="text.secondary">
          {translate('resources.orders.online.asked_at', { at: formatDateTime(question.askedAt, locale, timeZone) })}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.question}</Typography>
        {question.answer && !editing ? (
          <Box sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'primary.main' }}>
            <Typography variant="caption" color="text.secondary">
              {translate('resources.orders.online.answered_at', { at: formatDateTime(question.answeredAt, locale, timeZone) })}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.answer}</Typography>
            <Button size="small" onClick={() => setEditing(true)}>
              {translate('resources.orders.online.answer_again')}
            </Button>
          </Box>
        ) : (
          <Form record={{ answer: question.answer ?? '' }} onSubmit={answer} noValidate>
            <TextInput
              source="answer"
              label="resources.orders.online.answer"
              multiline
              minRows={2}
              fullWidth
              validate={[required(), maxText(2000)]}
              slotProps={{ htmlInput: { 'data-testid': 'order-question-answer' } }}
            />
            <SaveButton label="resources.orders.online.send_answer" icon={<></>} alwaysEnable />
          </Form>
        )}
      </CardContent>
    </Card>
  );
};

/** The customer's questions from the offer page, oldest first, each with its answer box. Nothing when there are none. */
export const CustomerQuestions = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const { data } = useGetList<OrderQuestion>(
    'order-questions',
    { filter: { orderId: order?.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'askedAt', order: 'ASC' } },
    { enabled: Boolean(order?.id) },
  );
  if (!data || data.length === 0) return null;
  const title = translate('resources.orders.online.questions_title');
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }} data-testid="order-questions">
      <SectionHeading title={title} />
      <Stack spacing={1}>
        {data.map((question) => (
          <QuestionCard key={question.id} question={question} />
        ))}
      </Stack>
    </Box>
  );
};
