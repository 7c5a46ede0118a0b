"""The only Streamlit-aware part of the package: helpers shared by app.py and pages/."""
