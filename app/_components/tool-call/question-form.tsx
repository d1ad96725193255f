'use client';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { issueMessages } from '@/lib/errors';
import { questionAnswer, type SuspendedForm } from '@/lib/playground';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';

type QuestionSpec = Extract<SuspendedForm, { kind: 'question' }>;

interface QuestionValues {
  /** The radio button chosen (one choice). */
  choice: string;
  /** The boxes ticked (several choices). */
  choices: string[];
  typed: string;
}

/**
 * A question a suspended call asks (`ask_user`): the question as the legend, its options as radio
 * buttons (one choice) or checkboxes (several), and a text field where a typed answer is accepted.
 * Choosing an option clears the typed answer and typing clears the chosen option, so what is sent is
 * what is shown. The answer resumes the call in the shape its `resumeSchema` takes.
 */
export function QuestionForm({
  form: spec,
  busy,
  onAnswer,
}: {
  form: QuestionSpec;
  busy: boolean;
  onAnswer: (answer: string | string[]) => void;
}) {
  const id = useId();
  const form = useForm<QuestionValues>({ defaultValues: { choice: '', choices: [], typed: '' } });
  const [error, setError] = useState<string | undefined>();
  const multi = spec.choice === 'multi';
  const errorId = `${id}-error`;

  const submit = form.handleSubmit(({ choice, choices, typed }) => {
    const answer = questionAnswer(spec, { chosen: multi ? choices : choice ? [choice] : [], typed });
    if (!answer.ok) return setError(issueMessages(answer.issues));
    setError(undefined);
    onAnswer(answer.value);
  });

  return (
    <form onSubmit={submit} noValidate>
      <fieldset
        className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3"
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="px-1 font-medium">{spec.question}</legend>
        {spec.options.length > 0 ? (
          <p className="text-xs text-slate-600">{multi ? 'Choose any that apply.' : 'Choose one.'}</p>
        ) : null}
        {spec.options.map((option, index) => {
          const inputId = `${id}-option-${index}`;
          const descriptionId = `${inputId}-description`;
          return (
            <div key={`${index}-${option.label}`} className="flex items-start gap-2">
              <input
                id={inputId}
                type={multi ? 'checkbox' : 'radio'}
                className="mt-0.5 size-4"
                value={option.label}
                aria-describedby={option.description ? descriptionId : undefined}
                {...(multi
                  ? form.register('choices')
                  : form.register('choice', { onChange: () => form.setValue('typed', '') }))}
              />
              <div>
                <label htmlFor={inputId}>{option.label}</label>
                {option.description ? (
                  <p id={descriptionId} className="text-xs text-slate-600">
                    {option.description}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
        {spec.freeText ? (
          <TextField
            label={spec.options.length > 0 ? 'Other answer' : 'Answer'}
            autoComplete="off"
            {...form.register('typed', {
              onChange: () => {
                if (!multi) form.setValue('choice', '');
              },
            })}
          />
        ) : null}
        {error ? (
          <p id={errorId} className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="primary" size="sm" disabled={busy}>
            Send answer
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
