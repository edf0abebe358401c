-- SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
-- Drives Neovim's own LSP client against `cudalint --lsp`, for lsp_neovim.py:
--   nvim --headless -u NONE -i NONE -n -c 'luafile lsp_neovim.lua'
-- with CUDALINT (the binary), LSP_FILE (the .cu file to open), LSP_ROOT (the
-- project) and LSP_RESULT (where the JSON result goes) in the environment.
-- It opens the file, waits for cudalint's diagnostics, asks for the code
-- actions on the first finding's position, applies the quick fix, writes
-- the file and waits for the diagnostics of the save.
local result = { diagnostics = {}, actions = {}, after_save = {}, log = {} }
local timeout_ms = 120000

local function note(message)
  table.insert(result.log, message)
end

local function diagnostics_of(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(found, {
      line = d.lnum,
      col = d.col,
      end_col = d.end_col,
      message = d.message,
      source = d.source,
      severity = d.severity,
      code = d.code or lsp.code,
      related = #(lsp.relatedInformation or {}),
    })
  end
  table.sort(found, function(a, b) return a.line < b.line end)
  return found
end

local function run()
  result.nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor)
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LSP_FILE')))
  local bufnr = vim.api.nvim_get_current_buf()
  local config = {
    name = 'cudalint',
    cmd = { os.getenv('CUDALINT'), '--lsp' },
    root_dir = os.getenv('LSP_ROOT'),
  }
  -- vim.lsp.start (0.8+) finds or starts the client and attaches the buffer;
  -- 0.7 (Debian 12's) has the two steps it is made of.
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  if not client_id then
    error('the client did not start')
  end

  if not vim.wait(timeout_ms, function() return #vim.diagnostic.get(bufnr) > 0 end, 100) then
    error('no diagnostics within ' .. timeout_ms .. ' ms')
  end
  result.diagnostics = diagnostics_of(bufnr)

  -- The code actions where the first finding is, as `vim.lsp.buf.code_action`
  -- asks for them.
  local first = vim.diagnostic.get(bufnr)[1]
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.lnum < first.lnum then first = d end
  end
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr) }
  local responses, err = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params,
                                                  timeout_ms)
  if not responses then
    error('codeAction failed: ' .. tostring(err))
  end
  local quick_fix
  for _, response in pairs(responses) do
    if response.error then
      error('codeAction error: ' .. vim.inspect(response.error))
    end
    for _, action in ipairs(response.result or {}) do
      table.insert(result.actions, { title = action.title, kind = action.kind })
      quick_fix = quick_fix or action
    end
  end
  if not quick_fix then
    return
  end

  vim.lsp.util.apply_workspace_edit(quick_fix.edit, 'utf-16')
  result.fixed_line = vim.api.nvim_buf_get_lines(bufnr, first.lnum, first.lnum + 1, true)[1]
  local before = #vim.diagnostic.get(bufnr)
  vim.cmd('write')
  -- didSave makes cudalint analyse the buffer again: one finding fewer.
  if not vim.wait(timeout_ms, function() return #vim.diagnostic.get(bufnr) < before end, 100) then
    error('the diagnostics did not change within ' .. timeout_ms .. ' ms of the save')
  end
  result.after_save = diagnostics_of(bufnr)
  vim.lsp.stop_client(client_id)
  vim.wait(10000, function() return vim.lsp.client_is_stopped(client_id) end, 100)
  result.client_stopped = vim.lsp.client_is_stopped(client_id)
end

local ok, problem = pcall(run)
if not ok then
  result.error = tostring(problem)
end
local out = io.open(os.getenv('LSP_RESULT'), 'w')
out:write(vim.json.encode(result))
out:close()
vim.cmd('qall!')
