-- SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
-- Drives Neovim's own LSP client against `cudalint --clangd`, configured as a
-- clangd user would be with the clangd command replaced, for
-- lsp_clangd_neovim.py:
--   nvim --headless -u NONE -i NONE -n -c 'luafile lsp_clangd_neovim.lua'
-- with CUDALINT, CLANGD, LSP_FILE, LSP_ROOT and LSP_RESULT in the
-- environment. It opens the file, waits for clangd's and cudalint's
-- diagnostics from the one client, adds a line with a bug without saving,
-- waits for its finding, deletes the line again and waits for the finding
-- to go.
local result = { log = {} }
local timeout_ms = 120000

local function diagnostics_of(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(found, { line = d.lnum, source = d.source, code = d.code or lsp.code,
                          message = d.message })
  end
  table.sort(found, function(a, b)
    if a.line ~= b.line then return a.line < b.line end
    return tostring(a.code) < tostring(b.code)
  end)
  return found
end

local function has(bufnr, predicate)
  for _, d in ipairs(diagnostics_of(bufnr)) do
    if predicate(d) then return true end
  end
  return false
end

local function wait_for(what, condition)
  if not vim.wait(timeout_ms, condition, 50) then
    error(what .. ' did not happen within ' .. timeout_ms .. ' ms')
  end
end

local function run()
  result.nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor)
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LSP_FILE')))
  local bufnr = vim.api.nvim_get_current_buf()
  local config = {
    name = 'clangd',
    cmd = { os.getenv('CUDALINT'), '--clangd', '--clangd-path=' .. os.getenv('CLANGD') },
    root_dir = os.getenv('LSP_ROOT'),
  }
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

  wait_for('clangd\'s and cudalint\'s diagnostics', function()
    return has(bufnr, function(d) return d.source == 'clang' end)
       and has(bufnr, function(d) return d.source == 'cudalint' end)
  end)
  result.opened = diagnostics_of(bufnr)

  -- A new bug, typed and not saved: a status dropped on the line after the
  -- launch (line 10, 0-based 9).
  vim.api.nvim_buf_set_lines(bufnr, 9, 9, true, { '  cudaDeviceSynchronize();' })
  local started = vim.loop.hrtime()
  wait_for('the new finding', function()
    return has(bufnr, function(d) return d.source == 'cudalint' and d.line == 9 end)
  end)
  result.seconds_to_new_finding = (vim.loop.hrtime() - started) / 1e9
  result.after_edit = diagnostics_of(bufnr)

  -- The edit that takes the bug out again clears it.
  vim.api.nvim_buf_set_lines(bufnr, 9, 10, true, {})
  wait_for('the finding to clear', function()
    return not has(bufnr, function(d) return d.source == 'cudalint' and d.line == 9 end)
       and has(bufnr, function(d) return d.source == 'cudalint' end)
  end)
  result.after_fix = diagnostics_of(bufnr)
  result.modified = vim.bo[bufnr].modified

  local stopping = vim.loop.hrtime()
  vim.lsp.stop_client(client_id)
  vim.wait(10000, function() return vim.lsp.client_is_stopped(client_id) end, 100)
  result.client_stopped = vim.lsp.client_is_stopped(client_id)
  result.seconds_to_stop = (vim.loop.hrtime() - stopping) / 1e9
end

local ok, problem = pcall(run)
if not ok then
  result.error = tostring(problem)
end
local out = io.open(os.getenv('LSP_RESULT'), 'w')
out:write(vim.json.encode(result))
out:close()
vim.cmd('qall!')
