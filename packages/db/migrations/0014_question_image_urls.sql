-- Question images are no longer public files (`/files/question-images/<site>/<name>`): they are served to the
-- signed-in members of the owning organisation at `/api/file/question-images/<site>/<name>`. The stored HTML of
-- questions (stem, options, analysis) and of their edit history points at the new address; the files stay put.
-- (In JSON text the attribute's quote is escaped: `src=\"`; strpos, unlike LIKE, takes the backslash literally.)
UPDATE questions SET
  stem = replace(stem, 'src="/files/question-images/', 'src="/api/file/question-images/'),
  analysis = replace(analysis, 'src="/files/question-images/', 'src="/api/file/question-images/'),
  options = replace(options::text, 'src=\"/files/question-images/', 'src=\"/api/file/question-images/')::jsonb
WHERE strpos(stem, 'src="/files/question-images/') > 0
  OR strpos(analysis, 'src="/files/question-images/') > 0
  OR strpos(options::text, 'src=\"/files/question-images/') > 0;
--> statement-breakpoint
UPDATE question_records SET
  snapshot = replace(snapshot::text, 'src=\"/files/question-images/', 'src=\"/api/file/question-images/')::jsonb
WHERE strpos(snapshot::text, 'src=\"/files/question-images/') > 0;
