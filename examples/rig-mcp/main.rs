// A Rig agent whose tools are code-index's, served over MCP (see README.md). Documented, not built in CI.
use rig::{client::CompletionClient, completion::Prompt, providers::openai};
use rmcp::{transport::TokioChildProcess, ServiceExt};
use tokio::process::Command;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let question = std::env::args().nth(1).unwrap_or_else(|| "What are the central modules of this project?".into());

    // code-index's MCP server on stdio, confined to the current folder.
    let mut command = Command::new("npx");
    command.args(["-y", "code-index", "mcp", "--root", ".", "--toolset", "treesitter,graph,repo_map"]);
    let service = ().serve(TokioChildProcess::new(command)?).await?;
    let tools = service.list_tools(Default::default()).await?.tools;

    // Every MCP tool becomes a Rig tool; calls go back to the server through the same peer.
    let mut builder = openai::Client::from_env()
        .agent("gpt-4o-mini")
        .preamble("You explain code bases. Use the tools instead of guessing, and cite file:line.");
    for tool in tools {
        builder = builder.rmcp_tool(tool, service.peer().clone());
    }
    let agent = builder.build();

    let answer = agent.prompt(question.as_str()).multi_turn(10).await?;
    println!("{answer}");
    service.cancel().await?;
    Ok(())
}
